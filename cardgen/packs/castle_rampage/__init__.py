"""Castle Rampage: the attack cascade of seed 001 (Gate, then Castle, card after card), its
purple effects and exceptions, and the attack odds a designer reads off the catalogue."""
