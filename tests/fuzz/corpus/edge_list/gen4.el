# n=4 m=4 (apsp edge list: u v w, 0-based)
0 1 66
1 2 20
2 3 91
3 0 36
