"""7.0 Events: one small function per card, written with the helpers of :mod:`.lib`, in the
module of the card's era (:mod:`.roaring_twenties`, :mod:`.great_depression`,
:mod:`.appeasement`), each of which ends with its ``CODE`` table by printed card number;
:mod:`.registry` joins the tables and runs the Events.
"""
