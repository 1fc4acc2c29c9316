# n=5 m=8 (apsp edge list: u v w, 0-based)
0 3 3
1 3 6
2 1 -2
2 3 -2
2 4 1
3 4 3
4 0 6
4 3 8
