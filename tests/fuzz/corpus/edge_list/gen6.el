# n=4 m=12 (apsp edge list: u v w, 0-based)
0 1 0
0 2 0
0 3 0
1 0 0
1 2 0
1 3 0
2 0 0
2 1 0
2 3 0
3 0 0
3 1 0
3 2 0
