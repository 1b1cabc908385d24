package purity

// Channels: a send, a receive or a close changes the channel's state for
// everyone who holds it.

type Queue struct {
	ch   chan int
	done chan struct{}
}

func (q *Queue) Offer(x int) bool { // want Offer:"^mutates-receiver$"
	select {
	case q.ch <- x:
		return true
	default:
		return false
	}
}

func (q *Queue) Put(x int) { q.ch <- x } // want Put:"^mutates-receiver blocks$"

func (q *Queue) Poll() (int, bool) { // want Poll:"^mutates-receiver$"
	select {
	case x := <-q.ch:
		return x, true
	default:
		return 0, false
	}
}

func (q *Queue) Close() { close(q.done) } // want Close:"^mutates-receiver$"

func (q *Queue) Pending() int { return len(q.ch) } // want Pending:"^pure$"

func CloseIt(c chan int) { close(c) } // want CloseIt:"^mutates-param:0$"

var events = make(chan string, 8)

func Emit(e string) { events <- e } // want Emit:"^writes-global blocks$"

func Buffered() int { // want Buffered:"^blocks$"
	c := make(chan int, 2) // the function's own channel
	c <- 1
	c <- 2
	close(c)
	n := 0
	for x := range c {
		n += x
	}
	return n
}
