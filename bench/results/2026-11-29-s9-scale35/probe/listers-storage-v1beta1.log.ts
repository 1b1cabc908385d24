16:28:13 gentest: loaded 1 package to test in 40.0s; analyzed 1 package with its dependencies in 43.4s (265 packages from the fact cache)
16:28:18 gentest: k8s.io/client-go/listers/storage/v1beta1: model
16:28:20 gentest: k8s.io/client-go/listers/storage/v1beta1: build
16:29:17 gentest: k8s.io/client-go/listers/storage/v1beta1: executor ready (31 operations, 7 blocks, 0 conditions, 14 mutants; cached=false) after 59.4s
16:29:18 gentest: k8s.io/client-go/listers/storage/v1beta1: search
16:29:20 gentest: k8s.io/client-go/listers/storage/v1beta1: search: 12084 sequences executed in 2.1s (2360 normal, 9724 illegal, 0 crashed); 7/7 blocks, 0 branch sides; 18 candidates
16:29:20 gentest: k8s.io/client-go/listers/storage/v1beta1: minimize: 12084 sequences executed, statement coverage 100.0% (search)
16:29:21 gentest: k8s.io/client-go/listers/storage/v1beta1: minimized 18 candidates in 0.9s
16:29:21 gentest: k8s.io/client-go/listers/storage/v1beta1: cut by the deadline (1s after the search): minimize: the candidates not shortened by then keep their longer form
16:29:22 gentest: k8s.io/client-go/listers/storage/v1beta1: cut by the deadline (1s after the search): judge: the cases whose runs under mutants did not happen keep every assertion
16:29:22 gentest: k8s.io/client-go/listers/storage/v1beta1: findings: the contracts were not checked: the stage's deadline had passed
16:29:22 gentest: k8s.io/client-go/listers/storage/v1beta1: cut by the deadline (1s after the search): findings: failures not judged or findings not minimized by then, contracts unchecked (the debug log names them)
16:29:22 gentest: k8s.io/client-go/listers/storage/v1beta1: verify: 12084 sequences executed, statement coverage 100.0% (search)
16:30:55 gentest: k8s.io/client-go/listers/storage/v1beta1: phases: prepare 59.9s, search 2.1s, minimize 0.9s, judge 1.1s, findings 0.0s, verify 93.6s (findings' tests 0.0s), report 0.0s; cut by the deadline: [minimize judge findings]
16:30:55 gentest: k8s.io/client-go/listers/storage/v1beta1: wrote PROBE/mod/listers/storage/v1beta1/v1beta1_gentest_test.go: 18 tests with 18 cases, statement coverage 100.0% (0 cases dropped by verification)
16:30:56 package                                   coverage before → after  mutants killed before → after  tests  findings  seconds  skipped
16:30:56 k8s.io/client-go/listers/storage/v1beta1  0.0% → 100.0%            -                              18     0         157.6    
16:30:56 total: 1 generated, 0 skipped                                                                     18     0         157.6    
