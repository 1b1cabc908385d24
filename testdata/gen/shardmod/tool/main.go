// Command tool is the module's main package, in shard 1/2.
package main

func main() {}
