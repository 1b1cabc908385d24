package b // want package:"funcs 1"

import "a"

func Uses() { a.F() } // want Uses:"name Uses calls a.F named F"
