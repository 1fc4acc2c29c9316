# n=3 m=2 (apsp edge list: u v w, 0-based)
0 1 63
1 2 -66
