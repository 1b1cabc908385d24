package rt

import "testing"

// TestLandlockRuleset checks the masks and struct size passed to the
// kernel at each ABI: a right from a later ABI, or a struct larger than the
// kernel knows, makes landlock_create_ruleset fail (EINVAL, E2BIG) on older
// kernels, and a right left out is a hole.
func TestLandlockRuleset(t *testing.T) {
	const (
		fsV1 = accessExecute | accessWriteFile | accessRemoveDir | accessRemoveFile | accessMakeChar |
			accessMakeDir | accessMakeReg | accessMakeSock | accessMakeFifo | accessMakeBlock | accessMakeSym
		tcp    = netBindTCP | netConnectTCP
		scoped = scopeAbstractUnixSocket | scopeSignal
	)
	cases := []struct {
		abi              int
		fs, net, scope   uint64
		size             uintptr
		grantedUnderDirs uint64
	}{
		{1, fsV1, 0, 0, 8, fsV1 &^ accessExecute},
		{2, fsV1 | accessRefer, 0, 0, 8, fsV1&^accessExecute | accessRefer},
		{3, fsV1 | accessRefer | accessTruncate, 0, 0, 8, fsV1&^accessExecute | accessRefer | accessTruncate},
		{4, fsV1 | accessRefer | accessTruncate, tcp, 0, 16, fsV1&^accessExecute | accessRefer | accessTruncate},
		{5, fsV1 | accessRefer | accessTruncate | accessIoctlDev, tcp, 0, 16, fsV1&^accessExecute | accessRefer | accessTruncate},
		{6, fsV1 | accessRefer | accessTruncate | accessIoctlDev, tcp, scoped, 24, fsV1&^accessExecute | accessRefer | accessTruncate},
		{7, fsV1 | accessRefer | accessTruncate | accessIoctlDev, tcp, scoped, 24, fsV1&^accessExecute | accessRefer | accessTruncate},
	}
	for _, c := range cases {
		attr, size, granted := landlockRuleset(RulesFor(c.abi))
		if attr.handledFS != c.fs || attr.handledNet != c.net || attr.scoped != c.scope || size != c.size || granted != c.grantedUnderDirs {
			t.Errorf("ABI %d: fs %#x net %#x scoped %#x size %d granted %#x, want fs %#x net %#x scoped %#x size %d granted %#x",
				c.abi, attr.handledFS, attr.handledNet, attr.scoped, size, granted, c.fs, c.net, c.scope, c.size, c.grantedUnderDirs)
		}
	}
}

// TestRulesForNothing: no Landlock, no rules.
func TestRulesForNothing(t *testing.T) {
	if r := RulesFor(0); r != (SandboxRules{}) {
		t.Errorf("RulesFor(0) = %+v", r)
	}
}
