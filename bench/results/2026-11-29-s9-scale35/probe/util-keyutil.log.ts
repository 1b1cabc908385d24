16:11:38 gentest: loaded 1 package to test in 29.9s; analyzed 1 package with its dependencies in 61.6s (0 packages from the fact cache)
16:11:45 gentest: k8s.io/client-go/util/keyutil: model
16:11:45 gentest: k8s.io/client-go/util/keyutil: build
16:12:29 gentest: k8s.io/client-go/util/keyutil: executor ready (5 operations, 86 blocks, 41 conditions, 143 mutants; cached=false) after 44.6s
16:12:29 gentest: k8s.io/client-go/util/keyutil: own tests
16:13:39 gentest: k8s.io/client-go/util/keyutil: complement: own tests cover 53.2% and kill 57 of 143 mutants (39.9%; 0 not run in the budget) in 69.6s
16:13:40 gentest: k8s.io/client-go/util/keyutil: search
16:13:42 gentest: k8s.io/client-go/util/keyutil: search: 6144 sequences executed in 2.4s (6144 normal, 0 illegal, 0 crashed); 15/86 blocks, 8 branch sides; 5 candidates
16:13:42 gentest: k8s.io/client-go/util/keyutil: minimize: 6144 sequences executed, statement coverage 17.7% (search)
16:13:42 gentest: k8s.io/client-go/util/keyutil: minimized 5 candidates in 0.2s
16:13:47 gentest: k8s.io/client-go/util/keyutil: cut by the deadline (1s after the search): judge: the cases whose runs under mutants did not happen keep every assertion
16:13:47 gentest: k8s.io/client-go/util/keyutil: findings: the contracts were not checked: the stage's deadline had passed
16:13:48 gentest: k8s.io/client-go/util/keyutil: cut by the deadline (1s after the search): findings: failures not judged or findings not minimized by then, contracts unchecked (the debug log names them)
16:13:48 gentest: k8s.io/client-go/util/keyutil: verify: 6144 sequences executed, statement coverage 17.7% (search)
16:13:48 gentest: k8s.io/client-go/util/keyutil: complement: 3 tests add coverage or kill a mutant the own tests leave
16:17:44 gentest: k8s.io/client-go/util/keyutil: phases: prepare 114.8s, search 2.4s, minimize 0.2s, judge 5.3s, findings 0.0s, verify 220.1s (findings' tests 0.0s), report 16.2s; cut by the deadline: [judge findings]
16:17:44 gentest: k8s.io/client-go/util/keyutil: wrote PROBE/mod/util/keyutil/keyutil_gentest_test.go: 5 tests with 5 cases, statement coverage 6.5% (0 cases dropped by verification)
16:17:45 package                        coverage before → after  mutants killed before → after  tests  findings  seconds  skipped
16:17:45 k8s.io/client-go/util/keyutil  53.2% → 56.5%            39.9% → 44.8%                  5      0         359.1    
16:17:45 total: 1 generated, 0 skipped                                                          5      0         359.1    
