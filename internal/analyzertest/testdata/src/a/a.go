package a // want package:"funcs 3"

func F() {} // want F:"name F" "F is a function"

func G() {} // want G:"name G"

// The expectations below apply one line down.
// want +1 "H is a function" H:"name H"
func H() {}
