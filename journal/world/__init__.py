"""The journal of games played by seats on the world engine: its keeper, recording and site."""
