16:18:21 gentest: loaded 1 package to test in 26.0s; analyzed 1 package with its dependencies in 9.5s (143 packages from the fact cache)
16:18:24 gentest: k8s.io/client-go/util/cert: model
16:18:27 gentest: k8s.io/client-go/util/cert: build
16:19:06 gentest: k8s.io/client-go/util/cert: executor ready (21 operations, 128 blocks, 51 conditions, 240 mutants; cached=false) after 41.4s
16:19:06 gentest: k8s.io/client-go/util/cert: own tests
16:19:35 gentest: k8s.io/client-go/util/cert: complement: own tests cover 10.3% and kill 11 of 240 mutants (4.6%; 0 not run in the budget) in 29.4s
16:19:35 gentest: k8s.io/client-go/util/cert: search
16:19:37 gentest: k8s.io/client-go/util/cert: search: 10860 sequences executed in 2.0s (7579 normal, 3281 illegal, 0 crashed); 32/128 blocks, 20 branch sides; 10 candidates
16:19:37 gentest: k8s.io/client-go/util/cert: minimize: 10886 sequences executed, statement coverage 27.8% (search)
16:19:37 gentest: k8s.io/client-go/util/cert: minimized 10 candidates in 0.0s
16:19:38 gentest: k8s.io/client-go/util/cert: cut by the deadline (1s after the search): judge: the cases whose runs under mutants did not happen keep every assertion
16:19:38 gentest: k8s.io/client-go/util/cert: verify: 10860 sequences executed, statement coverage 27.8% (search)
16:19:38 gentest: k8s.io/client-go/util/cert: complement: 9 tests add coverage or kill a mutant the own tests leave
16:21:15 gentest: k8s.io/client-go/util/cert: phases: prepare 71.0s, search 2.0s, minimize 0.0s, judge 1.0s, findings 0.0s, verify 68.9s (findings' tests 0.0s), report 28.1s; cut by the deadline: [judge]
16:21:15 gentest: k8s.io/client-go/util/cert: wrote PROBE/mod/util/cert/cert_gentest_test.go: 10 tests with 14 cases, statement coverage 22.2% (0 cases dropped by verification)
16:21:16 package                        coverage before → after  mutants killed before → after  tests  findings  seconds  skipped
16:21:16 k8s.io/client-go/util/cert     10.3% → 28.4%            4.6% → 19.2%                   10     0         171.2    
16:21:16 total: 1 generated, 0 skipped                                                          10     0         171.2    
