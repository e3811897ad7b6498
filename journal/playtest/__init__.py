"""Playtesting with simulations: ``chronicler simulate``, its store and its report."""
