package rt

// EnvPipes tells an executor on Windows where its protocol pipes are: the
// values of the inherited request and result pipe handles, "in,out" in
// decimal. Windows has no file descriptors to pass at fixed numbers (os/exec
// does not support ExtraFiles there); on Unix the pipes arrive as fds 3 and
// 4 and this variable is not set.
const EnvPipes = "GENTEST_PIPES"
