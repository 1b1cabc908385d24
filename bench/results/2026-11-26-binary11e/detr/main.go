// Command detr computes protobuf internal/detrand's binary hash bit for a
// file and for copies of it with the padding gentest's binary variants
// append, and for paddings 1..N: how often a padded copy flips the bit.
package main

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"os"
	"strconv"
)

// hash is detrand's binaryHash over data (size + 8 samples of 64 bytes).
func hash(data []byte) uint64 {
	const numSamples = 8
	var buf [64]byte
	h := fnv.New64a()
	size := int64(len(data))
	binary.LittleEndian.PutUint64(buf[:8], uint64(size))
	h.Write(buf[:8])
	for i := int64(0); i < numSamples; i++ {
		off := i * size / numSamples
		n := copy(buf[:], data[off:])
		if n < 64 {
			return 0
		}
		h.Write(buf[:])
	}
	return h.Sum64()
}

func pad(exe []byte, n int) []byte {
	out := append([]byte{}, exe...)
	for i := 0; i < n; i++ {
		out = append(out, byte(i*131+n))
	}
	return out
}

func main() {
	exe, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	N, _ := strconv.Atoi(os.Args[2])
	b0 := hash(exe) % 2
	fmt.Printf("executor bit %d\n", b0)
	for i := 0; i < 4; i++ {
		n := (i+1)*(4096+7) + i
		fmt.Printf("copy %d (pad %d) bit %d\n", i, n, hash(pad(exe, n))%2)
	}
	flips := 0
	for n := 1; n <= N; n++ {
		if hash(pad(exe, n))%2 != b0 {
			flips++
		}
	}
	fmt.Printf("paddings 1..%d: %d flip the bit (%.1f%%)\n", N, flips, 100*float64(flips)/float64(N))
}
