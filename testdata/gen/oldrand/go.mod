module example.com/oldrand

go 1.13
