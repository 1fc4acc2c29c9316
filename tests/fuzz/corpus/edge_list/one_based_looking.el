# comment

1 2 4
2 3 1
