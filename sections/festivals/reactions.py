"""Other sections' part in a festival's change (registrations: its capacity and cancellation).
Each reaction runs in the PATCH's transaction once the change is applied, with the festival's
values from before it; it may refuse the change with an outcome (then nothing is kept)."""

REACTIONS = []


def react(reaction) -> None:
    """Register `reaction(festival, before)` (from a section's register, once)."""
    if reaction not in REACTIONS:
        REACTIONS.append(reaction)


def changed(festival, before: dict) -> None:
    for reaction in REACTIONS:
        reaction(festival, before)
