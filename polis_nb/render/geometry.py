"""Our own drawing of the Greek world for the static board (ARCHITECTURE §6).

Nothing here is traced from the published game board: outlines are approximate real coastlines,
written as (longitude, latitude) pairs in degrees and projected onto a 1000 × 800 viewBox by an
equirectangular projection (1° of longitude drawn 0.78 × as wide as 1° of latitude) with a gentle
magnifying lens over the Isthmus, so the small, crowded heart of the game stays readable. Sicily
is drawn as an inset, nearer to Greece and a little smaller than in reality, so the map fits.
The game's territories are larger than the historical regions they are named after (Thessalia
reaches the Gulf of Corinth at Naupaktos, Akarnania takes in Epirus, Megaris takes in Corinthia);
borders follow the game's adjacency (polis_nb/data/ed1.json).

The viewBox: the map fills y 0–655, the band below holds the two player panels and the round
track; market boxes sit at the map edges, the key to the colours in the open Ionian Sea. Label and
unit anchors are viewBox points tuned by eye, for text of at least 13.5 units: on a board 850 pixels
wide (a notebook at 1280 pixels) that is over 11 pixels on screen.

Every coordinate is data; :data:`AREAS`, :data:`WILD`, :data:`DECOR` and :data:`POLEIS` are
tuples of viewBox points rounded to 0.1, projected once at import.
"""
from __future__ import annotations

import math

WIDTH, HEIGHT = 1000, 860
MAP_BOTTOM = 655  # the map occupies y < MAP_BOTTOM; the band below holds panels and the round track
BAND_H = HEIGHT - MAP_BOTTOM

# --- projection ---------------------------------------------------------------------------------
KY = 96.0  # px per degree of latitude
COSLAT = 0.78  # 1° of longitude is drawn 0.78 × as wide as 1° of latitude (cos 38.7°)
# A gentle magnifying lens centred on the Isthmus, so that the small, crowded heart of the game
# (Attika, Megaris, Boiotia, Korinthos, Argos) gets room: scale LENS_M at the centre, fading out
# with distance (Gaussian, radius LENS_R degrees); monotonic, so shapes keep their order.
LENS_LON, LENS_LAT, LENS_M, LENS_R = 22.75, 37.7, 1.75, 1.6
CX, CY = 520.0, 440.0  # where the lens centre (the Isthmus) is drawn
# Sicily inset: drawn at 0.78 × the unmagnified scale, its western cape (12.4 E, 38.3 N) at (16, 430)
SICILY_SCALE, SICILY_LON, SICILY_LAT, SICILY_X, SICILY_Y = 0.78, 12.4, 38.3, 16.0, 430.0

Point = tuple[float, float]


def project(lon: float, lat: float) -> Point:
    """ViewBox point of a place in mainland Greece, the Aegean or Asia Minor."""
    u = (lon - LENS_LON) * COSLAT
    v = lat - LENS_LAT
    f = 1.0 + (LENS_M - 1.0) * math.exp(-(u * u + v * v) / (LENS_R * LENS_R))
    return (round(CX + u * f * KY, 1), round(CY - v * f * KY, 1))


def project_sicily(lon: float, lat: float) -> Point:
    """ViewBox point of a place in Sicily (the inset)."""
    return (round(SICILY_X + (lon - SICILY_LON) * KY * COSLAT * SICILY_SCALE, 1),
            round(SICILY_Y + (SICILY_LAT - lat) * KY * SICILY_SCALE, 1))


def _poly(points, proj=project) -> tuple[Point, ...]:
    return tuple(proj(lon, lat) for lon, lat in points)


def _rev(line):
    return tuple(reversed(line))


# --- shared border points (lon, lat) ---------------------------------------------------------
# T_* are tripoints or coast points where borders meet; B_* inland borders; C_* coastlines.
T_MAA = (22.62, 38.02)   # Corinthian Gulf coast west of Sikyon: Megaris / Achaia / Arkadia
T_AAM = (21.68, 37.38)   # west Peloponnese coast near the Neda: Achaia / Arkadia / Messenia
T_ML_C = (22.13, 37.03)  # head of the Messenian Gulf (Kalamata): Messenia / Lakedaimon
T_AML = (22.2, 37.28)    # inland, north of the Taygetos: Arkadia / Messenia / Lakedaimon
T_LA_C = (22.88, 37.12)  # east Peloponnese coast near Leonidio: Lakedaimon / Arkadia
T_AM_E = (23.14, 37.66)  # Saronic coast north of Epidauros: Arkadia / Megaris
T_MA_C = (23.45, 38.02)  # Bay of Eleusis: Megaris / Attika
T_MAB = (23.4, 38.18)    # Mount Kithairon: Megaris / Attika / Boiotia
T_MBT = (23.12, 38.15)   # east end of the Gulf of Corinth (Kreusis): Megaris / Boiotia / Thessalia
T_AB_C = (23.72, 38.33)  # Oropos: Attika / Boiotia
T_BT_C = (23.08, 38.66)  # Euboean Gulf near Larymna: Boiotia / Thessalia (Lokris)
T_TA_C = (21.15, 38.32)  # mouth of the Acheloos: Thessalia (Aitolia) / Akarnania
T_TAM = (21.15, 40.0)    # Pindos: Thessalia / Akarnania / Makedonia
T_TM_C = (22.62, 39.93)  # Vale of Tempe: Thessalia / Makedonia
T_IA_C = (19.72, 40.12)  # Himara: Illyrian coast / Akarnania (Epirus)
T_IAM = (20.7, 40.7)     # inland Epirus: Illyris / Akarnania / Makedonia
T_MTI = (20.85, 41.15)   # Lake Ohrid: Makedonia / Illyris / Thrake
T_MT_C = (23.85, 40.8)   # mouth of the Strymon: Makedonia / Thrake

C_GULF_S = ((22.89, 37.93), (22.78, 37.98))  # Lechaion → Sikyon (south shore, Gulf of Corinth)
C_ACHAIA = ((22.35, 38.13), (22.08, 38.25), (21.78, 38.31), (21.72, 38.24), (21.55, 38.2), (21.37, 38.17),
            (21.12, 37.93), (21.28, 37.78), (21.45, 37.62), (21.6, 37.48))  # Aigion, Rion, Araxos, Elis
B_ACH_ARK = ((22.35, 37.88), (22.0, 37.7), (21.8, 37.52))
C_MESS = ((21.67, 37.25), (21.6, 37.1), (21.66, 36.93), (21.7, 36.82), (21.88, 36.72), (21.96, 36.8),
          (22.02, 36.95))  # Kyparissia, Pylos, Methoni, Cape Akritas, Koroni
B_MESS_LAK = ((22.2, 37.14),)
B_MESS_ARK = ((21.95, 37.4),)
C_LAK = ((22.24, 36.88), (22.36, 36.66), (22.48, 36.38), (22.5, 36.6), (22.57, 36.75), (22.66, 36.8),
         (22.8, 36.68), (22.96, 36.52), (23.19, 36.44), (23.1, 36.62), (23.05, 36.74), (22.98, 36.95))
# Mani, Cape Tainaron, Gytheion, Laconian Gulf, Cape Malea, Monemvasia
B_LAK_ARK = ((22.55, 37.3),)
C_ARK = ((22.78, 37.3), (22.72, 37.48), (22.76, 37.57), (22.85, 37.56), (22.98, 37.47), (23.12, 37.38),
         (23.3, 37.37), (23.5, 37.43), (23.38, 37.5), (23.2, 37.58))  # Argolic Gulf, Nauplia, Hermione, Skyllaion
B_MEG_ARK = ((22.72, 37.8), (22.95, 37.72))
C_MEG_SARONIC = ((23.06, 37.8), (22.99, 37.88), (23.1, 37.93), (23.25, 37.97), (23.38, 37.98))  # Kenchreai, Megara
B_MEG_ATT = ((23.42, 38.1),)
B_MEG_BOI = ((23.25, 38.18),)
C_MEG_GULF = ((23.02, 38.08), (22.93, 38.0))  # Perachora → Lechaion
C_ATT = ((23.55, 37.98), (23.63, 37.94), (23.72, 37.87), (23.9, 37.72), (24.02, 37.65), (24.08, 37.8),
         (24.02, 37.95), (23.97, 38.13), (23.9, 38.27), (23.82, 38.32))  # Piraeus, Sounion, Marathon
B_ATT_BOI = ((23.55, 38.24),)
C_BOI = ((23.6, 38.42), (23.45, 38.47), (23.25, 38.58))  # Aulis on the Euripos
B_BOI_THE = ((22.88, 38.5), (22.95, 38.3))
C_THE_GULF = ((22.9, 38.22), (22.63, 38.37), (22.42, 38.43), (22.1, 38.37), (21.83, 38.39), (21.77, 38.33),
              (21.45, 38.36))  # Antikyra, Itea, Naupaktos, Antirrhion, Mesolongi
B_THE_AKA = ((21.35, 38.8), (21.25, 39.4))
B_THE_MAK = ((21.8, 40.05), (22.35, 40.08))  # Mount Olympos
C_THE_AEG = ((22.78, 39.68), (23.05, 39.4), (23.3, 39.13), (23.1, 39.12), (22.95, 39.3), (22.87, 39.22),
             (22.85, 39.05), (22.55, 38.88), (22.8, 38.82), (22.98, 38.72))  # Magnesia, Pagasai, Malian Gulf
C_AKA = ((19.98, 39.88), (20.05, 39.7), (20.25, 39.5), (20.4, 39.3), (20.62, 39.1), (20.75, 38.95),
         (20.72, 38.85), (20.78, 38.65), (20.95, 38.55), (21.1, 38.4))  # Butrint, Parga, Preveza
B_AKA_MAK = ((20.95, 40.35),)
B_AKA_ILL = ((20.3, 40.35),)
C_MAK = ((22.6, 40.15), (22.62, 40.4), (22.6, 40.55), (22.85, 40.63), (22.95, 40.5), (23.22, 40.28),
         (23.3, 40.12), (23.38, 39.95), (23.55, 40.0), (23.45, 40.15), (23.42, 40.22), (23.62, 40.22),
         (23.78, 39.98), (23.95, 40.12), (23.87, 40.28), (24.0, 40.3), (24.35, 40.15), (24.2, 40.35),
         (23.95, 40.45), (23.8, 40.58), (23.72, 40.75))  # Pydna, Thermaic Gulf, Chalkidike's three fingers
B_MAK_THR = ((23.7, 41.2), (22.5, 41.35), (21.5, 41.25))

# --- territories (lon, lat outlines) ---------------------------------------------------------
_TERRITORY_LONLAT = {
    "attika": (
        (T_MA_C,) + C_ATT + (T_AB_C,) + B_ATT_BOI + (T_MAB,) + _rev(B_MEG_ATT),
        # Euboia (Chalkis belongs to Attika)
        ((23.05, 38.95), (23.3, 39.03), (23.5, 38.85), (23.7, 38.75), (24.1, 38.65), (24.2, 38.4), (24.3, 38.2),
         (24.55, 38.05), (24.58, 37.98), (24.4, 38.0), (24.22, 38.12), (24.05, 38.2), (23.83, 38.37),
         (23.63, 38.46), (23.4, 38.6), (23.2, 38.75), (23.05, 38.85)),
    ),
    "boiotia": ((T_AB_C,) + C_BOI + (T_BT_C,) + B_BOI_THE + (T_MBT,) + _rev(B_MEG_BOI) + (T_MAB,)
                + _rev(B_ATT_BOI),),
    "megaris": ((T_AM_E,) + C_MEG_SARONIC + (T_MA_C,) + B_MEG_ATT + (T_MAB,) + B_MEG_BOI + (T_MBT,) + C_MEG_GULF
                + C_GULF_S + (T_MAA,) + B_MEG_ARK,),
    "arkadia": ((T_LA_C,) + C_ARK + (T_AM_E,) + _rev(B_MEG_ARK) + (T_MAA,) + B_ACH_ARK + (T_AAM,)
                + _rev(B_MESS_ARK) + (T_AML,) + _rev(B_LAK_ARK),),
    "lakedaimon": ((T_ML_C,) + C_LAK + (T_LA_C,) + B_LAK_ARK + (T_AML,) + _rev(B_MESS_LAK),),
    "messenia": ((T_AAM,) + C_MESS + (T_ML_C,) + B_MESS_LAK + (T_AML,) + B_MESS_ARK,),
    "achaia": ((T_MAA,) + C_ACHAIA + (T_AAM,) + _rev(B_ACH_ARK),),
    "akarnania": (
        (T_IA_C,) + C_AKA + (T_TA_C,) + B_THE_AKA + (T_TAM,) + B_AKA_MAK + (T_IAM,) + B_AKA_ILL,
        # Kerkyra (Corfu)
        ((19.65, 39.76), (19.93, 39.8), (19.92, 39.62), (20.12, 39.4), (20.0, 39.43), (19.8, 39.6)),
    ),
    "thessalia": ((T_MBT,) + C_THE_GULF + (T_TA_C,) + B_THE_AKA + (T_TAM,) + B_THE_MAK + (T_TM_C,) + C_THE_AEG
                  + (T_BT_C,) + B_BOI_THE,),
    "makedonia": ((T_TM_C,) + C_MAK + (T_MT_C,) + B_MAK_THR + (T_MTI, T_IAM) + _rev(B_AKA_MAK) + (T_TAM,)
                  + B_THE_MAK,),
    "ionia": (
        # the coast from Miletos round the Erythrai peninsula to Phokaia, with its inland border
        ((27.3, 37.45), (27.05, 37.67), (27.28, 37.9), (27.05, 38.05), (26.8, 38.17), (26.45, 38.2),
         (26.3, 38.32), (26.4, 38.47), (26.65, 38.42), (26.95, 38.42), (27.05, 38.47), (26.75, 38.65),
         (26.85, 38.85), (26.9, 38.92), (27.5, 38.85), (27.7, 38.3), (27.6, 37.6)),
        # Chios
        ((25.97, 38.6), (26.15, 38.56), (26.1, 38.4), (26.15, 38.3), (26.0, 38.17), (25.85, 38.25), (25.88, 38.45)),
        # Samos
        ((26.56, 37.74), (26.75, 37.8), (26.95, 37.78), (27.05, 37.7), (26.85, 37.65), (26.6, 37.67)),
    ),
}
# Sicily, inset: Messina, Cefalù, Palermo, Trapani, Marsala, Agrigento, Gela, Cape Passero, Syracuse, Catania
_SICILY_LONLAT = ((15.6, 38.27), (15.25, 38.22), (14.0, 38.04), (13.35, 38.15), (12.95, 38.1), (12.5, 38.02),
                  (12.43, 37.8), (12.6, 37.65), (13.1, 37.5), (13.55, 37.28), (14.25, 37.06), (14.6, 36.85),
                  (15.1, 36.68), (15.29, 37.07), (15.1, 37.5), (15.28, 37.85))

# --- seas (lon, lat); drawn under the land, so they may run over it, but never over each other ---
_SEA_LONLAT = {
    # west of Greece, from the Adriatic down to Sicily, with the Gulf of Corinth up to the Isthmus
    "ionion": ((10.0, 44.0), (19.9, 44.0), (20.3, 40.6), (21.1, 39.6), (21.9, 38.6), (22.6, 38.55), (23.2, 38.2),
               (22.95, 37.95), (21.8, 37.4), (22.25, 37.05), (22.43, 36.65), (22.48, 36.38), (22.48, 34.0),
               (10.0, 34.0)),
    # south of the Peloponnese east of Cape Tainaron, with the Laconian and Argolic gulfs
    "myrtoon": ((22.48, 34.0), (22.48, 36.38), (22.43, 36.65), (22.25, 37.05), (22.6, 37.3), (22.6, 37.65),
                (22.9, 37.7), (23.14, 37.66), (23.6, 37.55), (24.3, 36.9), (24.9, 36.3), (25.2, 34.0)),
    # the central Aegean: Saronic Gulf, Euboean Gulf, the Cyclades
    "kyklades": ((23.14, 37.66), (23.6, 37.55), (24.3, 36.9), (24.9, 36.3), (25.2, 34.0), (25.85, 34.0),
                 (25.85, 36.8), (25.6, 37.8), (25.7, 38.7), (27.1, 39.05), (27.1, 39.3), (25.0, 39.35),
                 (24.0, 39.3), (23.3, 39.13), (22.7, 39.4), (22.3, 39.0), (22.7, 38.6), (23.0, 38.4),
                 (23.3, 38.15), (22.95, 37.82)),
    # the north Aegean, Thermaic Gulf to the Hellespont and Propontis
    "thrakikon": ((22.7, 39.4), (22.3, 39.7), (22.3, 41.0), (24.0, 41.3), (26.0, 41.4), (32.0, 44.0), (32.0, 40.6),
                  (27.1, 39.3), (25.0, 39.35), (24.0, 39.3), (23.3, 39.13)),
    # the south-east Aegean along the Ionian coast (Dodecanese)
    "noties": ((25.85, 34.0), (32.0, 34.0), (32.0, 39.05), (27.1, 39.05), (25.7, 38.7), (25.6, 37.8),
               (25.85, 36.8)),
}

# --- land that no unit may enter, drawn uncoloured ---------------------------------------------
_WILD_LONLAT = {
    # Illyrian coast and hinterland around Epidamnos
    "illyris": ((19.55, 42.4), (19.55, 41.8), (19.45, 41.55), (19.42, 41.32), (19.5, 41.0), (19.4, 40.75),
                (19.48, 40.45), (19.35, 40.38), T_IA_C) + _rev(B_AKA_ILL) + (T_IAM, T_MTI, (20.9, 42.4)),
    # Thracian coast around Abdera, the Chersonese, and the Balkan hinterland north of Makedonia
    "thrake": ((20.9, 42.4), T_MTI) + _rev(B_MAK_THR) + (T_MT_C, (24.4, 40.93), (24.98, 40.95), (25.5, 40.88),
                                                         (26.0, 40.75), (26.1, 40.55), (26.2, 40.3), (26.18, 40.05),
                                                         (26.4, 40.25), (26.7, 40.45), (27.2, 40.65), (28.0, 41.0),
                                                         (29.0, 41.2), (29.8, 41.2), (29.8, 42.4)),
    # Asia Minor beyond Ionia: the Troad and Aiolis to the north, Karia to the south
    "asia": ((26.35, 40.0), (26.7, 40.35), (27.5, 40.38), (28.6, 40.38), (29.1, 40.95), (29.8, 40.95),
             (29.8, 36.6), (28.4, 36.75), (28.0, 36.9), (27.45, 37.0), (27.25, 37.3), (27.3, 37.45), (27.6, 37.6),
             (27.7, 38.3), (27.5, 38.85), (26.9, 38.92), (26.85, 39.1), (26.95, 39.45), (26.6, 39.55),
             (26.15, 39.5), (26.08, 39.8)),
}
# islands of no territory, drawn uncoloured for a recognisable coast
_DECOR_LONLAT = (
    ((20.4, 38.35), (20.6, 38.47), (20.8, 38.2), (20.55, 38.1), (20.4, 38.15)),  # Kephallenia
    ((20.65, 37.9), (20.9, 37.82), (20.95, 37.7), (20.75, 37.64)),  # Zakynthos
    ((20.6, 38.85), (20.75, 38.8), (20.72, 38.6), (20.58, 38.65)),  # Leukas
    ((25.85, 39.3), (26.15, 39.4), (26.42, 39.35), (26.6, 39.1), (26.4, 38.98), (26.1, 39.08)),  # Lesbos
    ((25.05, 39.92), (25.35, 39.99), (25.45, 39.85), (25.2, 39.8)),  # Lemnos
    ((24.6, 40.72), (24.75, 40.8), (24.82, 40.6), (24.65, 40.57)),  # Thasos
    ((24.68, 37.98), (24.98, 37.87), (24.92, 37.8), (24.68, 37.9)),  # Andros
    ((25.05, 37.66), (25.25, 37.58), (25.2, 37.52), (25.05, 37.6)),  # Tinos
    ((25.38, 37.18), (25.55, 37.15), (25.55, 36.98), (25.4, 36.98)),  # Naxos
    ((25.08, 37.12), (25.25, 37.1), (25.22, 36.98), (25.1, 36.99)),  # Paros
    ((24.35, 36.75), (24.55, 36.76), (24.5, 36.65), (24.32, 36.68)),  # Melos
    ((25.36, 36.48), (25.48, 36.43), (25.45, 36.34), (25.37, 36.37)),  # Thera
    ((24.3, 37.68), (24.4, 37.65), (24.35, 37.56)),  # Keos
    ((23.45, 37.77), (23.56, 37.75), (23.5, 37.67)),  # Aigina
    ((23.42, 37.97), (23.55, 37.95), (23.5, 37.88)),  # Salamis
    ((22.92, 36.35), (23.05, 36.3), (23.0, 36.15), (22.9, 36.2)),  # Kythera
    ((26.95, 36.88), (27.35, 36.9), (27.15, 36.8)),  # Kos
    ((27.72, 36.4), (28.2, 36.45), (28.0, 36.08), (27.75, 35.95)),  # Rhodos
)

AREAS: dict[str, tuple[tuple[Point, ...], ...]] = {
    **{k: tuple(_poly(p) for p in v) for k, v in _TERRITORY_LONLAT.items()},
    "sikelia": (_poly(_SICILY_LONLAT, project_sicily),),
    **{k: (_poly(v),) for k, v in _SEA_LONLAT.items()},
}
"""Outline polygons of every area (territories then seas), in viewBox points."""

WILD: dict[str, tuple[Point, ...]] = {k: _poly(v) for k, v in _WILD_LONLAT.items()}
"""Unenterable lands (drawn uncoloured): the Illyrian and Thracian coasts and Asia Minor."""

DECOR: tuple[tuple[Point, ...], ...] = tuple(_poly(p) for p in _DECOR_LONLAT)
"""Islands that belong to no territory."""

# --- poleis ------------------------------------------------------------------------------------
# (lon, lat) of the city, nudged a little where two would overlap; Sicilian ones use the inset.
_POLIS_LONLAT = {
    "athenai": (23.73, 37.98), "chalkis": (23.62, 38.5), "sparta": (22.38, 37.12), "gytheion": (22.6, 36.82),
    "argos": (22.62, 37.6), "korinthos": (22.82, 37.86), "thebai": (23.33, 38.33), "kerkyra": (19.9, 39.62),
    "naupaktos": (21.83, 38.5), "pylos": (21.74, 36.95), "samos": (26.8, 37.72), "chios": (26.0, 38.38),
    "poteidaia": (23.33, 40.22), "pydna": (22.5, 40.4), "epidamnos": (19.6, 41.3), "abdera": (24.98, 41.05),
}
_POLIS_SICILY = {"gela": (14.25, 37.2), "syrakousai": (15.1, 37.1)}
POLEIS: dict[str, Point] = {**{k: project(*v) for k, v in _POLIS_LONLAT.items()},
                            **{k: project_sicily(*v) for k, v in _POLIS_SICILY.items()}}
"""Centre of each polis disc."""

POLIS_NAME_SIDE: dict[str, str] = {"athenai": "right", "chalkis": "right", "korinthos": "left", "thebai": "below",
                                   "sparta": "right", "gytheion": "below", "argos": "right", "pylos": "left",
                                   "naupaktos": "above", "samos": "below", "chios": "below"}
"""Where a polis name is written when not below its disc."""

# --- anchors ------------------------------------------------------------------------------------
# ViewBox points, tuned by eye to the projection above: where each area's name is written and
# where its unit badges stand (Athens above the point, Sparta below), inside the area where it
# has room.
LABELS: dict[str, Point] = {
    "attika": (660.0, 350.0), "boiotia": (560.0, 312.0), "megaris": (579.0, 393.0), "arkadia": (446.0, 462.0),
    "lakedaimon": (541.0, 505.0), "messenia": (414.0, 500.0), "achaia": (392.0, 400.0), "akarnania": (336.0, 200.0),
    "thessalia": (450.0, 240.0), "makedonia": (468.0, 122.0), "sikelia": (108.0, 464.0), "ionia": (852.0, 336.0),
    "ionion": (262.0, 366.0), "myrtoon": (614.0, 549.0), "kyklades": (706.0, 472.0), "thrakikon": (690.0, 204.0),
    "noties": (800.0, 508.0),
}
"""Where each area's name is written."""

UNITS: dict[str, Point] = {
    "attika": (634.0, 430.0), "boiotia": (547.0, 345.0), "megaris": (565.0, 428.0), "arkadia": (474.0, 480.0),
    "lakedaimon": (532.0, 556.0), "messenia": (438.0, 522.0), "achaia": (432.0, 428.0), "akarnania": (350.0, 290.0),
    "thessalia": (472.0, 290.0), "makedonia": (415.0, 156.0), "sikelia": (60.0, 502.0), "ionia": (878.0, 405.0),
    "ionion": (262.0, 402.0), "myrtoon": (560.0, 598.0), "kyklades": (718.0, 416.0), "thrakikon": (690.0, 238.0),
    "noties": (800.0, 544.0),
}
"""Centre of each area's unit badges (hoplites on land, galleys at sea)."""

TRIBUTE: dict[str, Point] = {a: (round(x - 24.0, 1), round(y - 8.0, 1)) for a, (x, y) in UNITS.items()}
"""Where a territory's tribute disc lies (left of its unit badges)."""

TRADE_PORTS: dict[str, Point] = {
    "athens": (600.0, 470.0),  # off Piraeus, in the Saronic Gulf (Kyklades)
    "sparta": project(22.48, 36.2),   # off Cape Tainaron, between Ionion and Myrtoon
}
"""Where each side's trade ships wait in port."""

DIOLKOS: tuple[Point, Point] = (project(22.89, 37.93), project(22.99, 37.88))
"""The haul-way across the Isthmus at Korinthos, Lechaion to Kenchreai."""

# --- markets: boxes at the map edges, and the way a ship sails there -------------------------
MARKETS: dict[str, tuple[Point, str]] = {
    "illyria": ((8.0, 8.0), "h"),      # north-west, beyond the Adriatic
    "thrake": ((430.0, 8.0), "h"),     # north, inland from Abdera
    "euxeinos": ((738.0, 8.0), "h"),   # north-east, through the Hellespont
    "persis": ((904.0, 250.0), "v"),   # east, inland beyond Ionia
    "aigyptos": ((600.0, 566.0), "h"),  # south-east of the Peloponnese, over the Myrtoan Sea
}
"""Top-left corner and orientation ("h": offers side by side, "v": stacked) of each market box."""

OFFER_W, OFFER_H, OFFER_GAP = 78.0, 56.0, 3.0  # one offer cell
BOX_PAD, BOX_HEAD = 7.0, 22.0  # market box padding and title height


def market_box(corner: Point, orient: str, n: int = 3) -> tuple[float, float, float, float]:
    """(x, y, width, height) of a market box holding n offers."""
    x, y = corner
    if orient == "v":
        return (x, y, 2 * BOX_PAD + OFFER_W, BOX_HEAD + n * OFFER_H + (n - 1) * OFFER_GAP + BOX_PAD)
    return (x, y, 2 * BOX_PAD + n * OFFER_W + (n - 1) * OFFER_GAP, BOX_HEAD + OFFER_H + BOX_PAD)


def offer_cell(corner: Point, orient: str, slot: int) -> Point:
    """Top-left corner of offer ``slot`` in a market box."""
    x, y = corner
    if orient == "v":
        return (x + BOX_PAD, y + BOX_HEAD + slot * (OFFER_H + OFFER_GAP))
    return (x + BOX_PAD + slot * (OFFER_W + OFFER_GAP), y + BOX_HEAD)

MARKET_ROUTES: dict[str, tuple[Point, ...]] = {
    "illyria": ((232.0, 330.0), (226.0, 200.0), (214.0, 93.0)),  # from the open Ionian Sea up the Adriatic
    "thrake": (project(24.9, 40.6), (640.0, 93.0)),
    "euxeinos": _poly(((25.9, 40.2), (26.3, 40.15), (26.9, 40.55), (28.5, 40.75), (28.9, 41.1))) + ((900.0, 93.0),),
    "persis": _poly(((27.15, 37.3), (27.7, 37.15), (28.6, 37.5))) + ((904.0, 400.0),),
    "aigyptos": (project(24.1, 36.55), (727.0, 566.0)),
}
"""Dashed sea routes from the market's sea to its box."""

LAND_ROUTES: dict[str, tuple[Point, Point]] = {
    "illyria": (POLEIS["epidamnos"], (250.0, 93.0)),
    "thrake": (POLEIS["abdera"], (672.0, 93.0)),
}
"""Dotted overland routes for markets reached from a polis (Epidamnos, Abdera)."""

# --- the bottom band ---------------------------------------------------------------------------
PANELS: dict[str, Point] = {"athens": (6.0, 661.0), "sparta": (674.0, 661.0)}
PANEL_W, PANEL_H = 320.0, BAND_H - 12.0
TRACK: Point = (332.0, 661.0)
TRACK_W = 336.0

# --- the key to the colours, in the open Ionian Sea west of Kerkyra ------------------------------
LEGEND: Point = (8.0, 108.0)
LEGEND_W, LEGEND_ROW = 198.0, 19.0


def stripes(polys, spacing: float = 11.0, clip: tuple[float, float, float, float] = (0.0, 0.0, WIDTH, MAP_BOTTOM)
            ) -> tuple[tuple[Point, Point], ...]:
    """Diagonal hatching of the polygons ``polys``: segments of the lines x + y = c (every ``spacing``)
    that lie inside them (even-odd), cut to the ``clip`` rectangle (x0, y0, x1, y1). Drawn under the
    land, they mark a sea someone controls without changing its water colour."""
    x0, y0, x1, y1 = clip
    sums = [x + y for pts in polys for x, y in pts]
    out = []
    c = math.ceil(max(min(sums), x0 + y0) / spacing) * spacing
    while c <= min(max(sums), x1 + y1):
        xs = []
        for pts in polys:
            for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1]):
                da, db = ax + ay - c, bx + by - c
                if (da < 0) != (db < 0):
                    t = da / (da - db)
                    xs.append(ax + t * (bx - ax))
        xs.sort()
        for xa, xb in zip(xs[::2], xs[1::2]):
            # on the line y = c - x; keep the part inside the clip rectangle
            lo = max(xa, x0, c - y1)
            hi = min(xb, x1, c - y0)
            if hi - lo > 1.0:
                out.append(((round(lo, 1), round(c - lo, 1)), (round(hi, 1), round(c - hi, 1))))
        c += spacing
    return tuple(out)
