"""The render layer (see ARCHITECTURE §1); filled by later issues."""
