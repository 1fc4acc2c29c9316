# n=6 m=8 (apsp edge list: u v w, 0-based)
1 4 51
2 5 56
3 4 45
4 0 44
4 1 10
4 3 55
5 1 57
5 2 81
