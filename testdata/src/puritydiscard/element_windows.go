package puritydiscard

// getElement fills *v with the element at index (a system call in the
// code this fixture stands for).
func getElement(index int, v *byte) error {
	*v = byte(index)
	return nil
}
