module example.com/gentest/e2e

go 1.26
