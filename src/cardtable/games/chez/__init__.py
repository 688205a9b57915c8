"""Chez: shed your hand through specials, combos, nopes and the Plague."""
