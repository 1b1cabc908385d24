16:26:13 gentest: k8s.io/client-go: skipped: has no exported functions or methods to test
16:26:13 gentest: k8s.io/client-go/examples/workqueue: skipped: is a main package; gentest generates tests for library packages
16:26:13 gentest: loaded 37 packages to test (2 skipped) in 183.2s; analyzed 37 packages with their dependencies in 1070.2s (0 packages from the fact cache)
16:26:29 gentest: k8s.io/client-go/applyconfigurations/autoscaling/v2: model
16:26:34 gentest: k8s.io/client-go/applyconfigurations/autoscaling/v2: build
16:34:26 gentest: k8s.io/client-go/applyconfigurations/autoscaling/v2: executor ready (189 operations, 155 blocks, 11 conditions, 379 mutants; cached=false) after 476.8s
16:34:27 gentest: k8s.io/client-go/applyconfigurations/autoscaling/v2: search
16:34:29 gentest: k8s.io/client-go/applyconfigurations/autoscaling/v2: search: 5504 sequences executed in 2.0s (5415 normal, 89 illegal, 0 crashed); 145/155 blocks, 20 branch sides; 127 candidates
16:34:29 gentest: k8s.io/client-go/applyconfigurations/autoscaling/v2: minimize: 5504 sequences executed, statement coverage 92.0% (search)
16:34:29 gentest: k8s.io/client-go/applyconfigurations/autoscaling/v2: minimized 127 candidates in 0.8s
16:34:30 gentest: k8s.io/client-go/applyconfigurations/autoscaling/v2: cut by the deadline (1s after the search): minimize: the candidates not shortened by then keep their longer form
16:34:30 gentest: k8s.io/client-go/applyconfigurations/autoscaling/v2: cut by the deadline (1s after the search): variants: the cases run on 2 binary variants, not 4 (a pass over 127 candidates takes about 0.0s)
16:34:30 gentest: k8s.io/client-go/applyconfigurations/autoscaling/v2: cut by the deadline (1s after the search): judge: the cases whose runs under mutants did not happen keep every assertion
16:34:30 gentest: k8s.io/client-go/applyconfigurations/autoscaling/v2: verify: 5504 sequences executed, statement coverage 92.0% (search)
16:38:00 gentest: k8s.io/client-go/applyconfigurations/autoscaling/v2: phases: prepare 477.6s, search 2.0s, minimize 0.8s, judge 0.6s, findings 0.0s, verify 209.5s (findings' tests 0.0s), report 0.0s; cut by the deadline: [minimize variants judge]
16:38:00 gentest: k8s.io/client-go/applyconfigurations/autoscaling/v2: wrote OUT/mod/applyconfigurations/autoscaling/v2/v2_gentest_test.go: 117 tests with 126 cases, statement coverage 90.1% (0 cases dropped by verification)
16:38:01 gentest: k8s.io/client-go/applyconfigurations/coordination/v1beta1: model
16:38:04 gentest: k8s.io/client-go/applyconfigurations/coordination/v1beta1: build
16:38:48 gentest: k8s.io/client-go/applyconfigurations/coordination/v1beta1: executor ready (84 operations, 101 blocks, 14 conditions, 261 mutants; cached=false) after 47.7s
16:38:49 gentest: k8s.io/client-go/applyconfigurations/coordination/v1beta1: search
16:38:52 gentest: k8s.io/client-go/applyconfigurations/coordination/v1beta1: search: 9856 sequences executed in 2.0s (9654 normal, 202 illegal, 0 crashed); 91/101 blocks, 24 branch sides; 73 candidates
16:38:52 gentest: k8s.io/client-go/applyconfigurations/coordination/v1beta1: minimize: 9856 sequences executed, statement coverage 88.3% (search)
16:38:52 gentest: k8s.io/client-go/applyconfigurations/coordination/v1beta1: minimized 73 candidates in 0.1s
16:38:54 gentest: k8s.io/client-go/applyconfigurations/coordination/v1beta1: cut by the deadline (1s after the search): judge: the cases whose runs under mutants did not happen keep every assertion
16:38:54 gentest: k8s.io/client-go/applyconfigurations/coordination/v1beta1: findings: the contracts were not checked: the stage's deadline had passed
16:38:54 gentest: k8s.io/client-go/applyconfigurations/coordination/v1beta1: cut by the deadline (1s after the search): findings: failures not judged or findings not minimized by then, contracts unchecked (the debug log names them)
16:38:54 gentest: k8s.io/client-go/applyconfigurations/coordination/v1beta1: verify: 9856 sequences executed, statement coverage 88.3% (search)
16:39:52 gentest: k8s.io/client-go/applyconfigurations/coordination/v1beta1: phases: prepare 48.5s, search 2.0s, minimize 0.1s, judge 2.3s, findings 0.0s, verify 57.8s (findings' tests 0.0s), report 0.0s; cut by the deadline: [judge findings]
16:39:52 gentest: k8s.io/client-go/applyconfigurations/coordination/v1beta1: wrote OUT/mod/applyconfigurations/coordination/v1beta1/v1beta1_gentest_test.go: 59 tests with 72 cases, statement coverage 87.2% (0 cases dropped by verification)
16:39:53 gentest: k8s.io/client-go/applyconfigurations/flowcontrol/v1beta3: model
16:39:55 gentest: k8s.io/client-go/applyconfigurations/flowcontrol/v1beta3: build
16:40:41 gentest: k8s.io/client-go/applyconfigurations/flowcontrol/v1beta3: executor ready (188 operations, 193 blocks, 20 conditions, 414 mutants; cached=false) after 49.2s
16:40:42 gentest: k8s.io/client-go/applyconfigurations/flowcontrol/v1beta3: search
16:40:44 gentest: k8s.io/client-go/applyconfigurations/flowcontrol/v1beta3: search: 10368 sequences executed in 2.0s (10246 normal, 122 illegal, 0 crashed); 183/193 blocks, 36 branch sides; 132 candidates
16:40:44 gentest: k8s.io/client-go/applyconfigurations/flowcontrol/v1beta3: minimize: 10368 sequences executed, statement coverage 93.4% (search)
16:40:44 gentest: k8s.io/client-go/applyconfigurations/flowcontrol/v1beta3: minimized 132 candidates in 0.0s
16:40:46 gentest: k8s.io/client-go/applyconfigurations/flowcontrol/v1beta3: cut by the deadline (1s after the search): judge: the cases whose runs under mutants did not happen keep every assertion
16:40:46 gentest: k8s.io/client-go/applyconfigurations/flowcontrol/v1beta3: findings: the contracts were not checked: the stage's deadline had passed
16:40:46 gentest: k8s.io/client-go/applyconfigurations/flowcontrol/v1beta3: cut by the deadline (1s after the search): findings: failures not judged or findings not minimized by then, contracts unchecked (the debug log names them)
16:40:46 gentest: k8s.io/client-go/applyconfigurations/flowcontrol/v1beta3: verify: 10368 sequences executed, statement coverage 93.4% (search)
16:41:27 gentest: k8s.io/client-go/applyconfigurations/flowcontrol/v1beta3: phases: prepare 49.7s, search 2.0s, minimize 0.0s, judge 2.3s, findings 0.0s, verify 40.4s (findings' tests 0.0s), report 0.0s; cut by the deadline: [judge findings]
16:41:27 gentest: k8s.io/client-go/applyconfigurations/flowcontrol/v1beta3: wrote OUT/mod/applyconfigurations/flowcontrol/v1beta3/v1beta3_gentest_test.go: 88 tests with 92 cases, statement coverage 89.4% (0 cases dropped by verification)
16:41:32 gentest: k8s.io/client-go/applyconfigurations/policy/v1beta1: model
16:41:34 gentest: k8s.io/client-go/applyconfigurations/policy/v1beta1: build
16:42:13 gentest: k8s.io/client-go/applyconfigurations/policy/v1beta1: executor ready (97 operations, 108 blocks, 17 conditions, 266 mutants; cached=false) after 41.2s
16:42:13 gentest: k8s.io/client-go/applyconfigurations/policy/v1beta1: search
16:42:15 gentest: k8s.io/client-go/applyconfigurations/policy/v1beta1: search: 9842 sequences executed in 2.6s (9556 normal, 286 illegal, 0 crashed); 98/108 blocks, 30 branch sides; 75 candidates
16:42:15 gentest: k8s.io/client-go/applyconfigurations/policy/v1beta1: minimize: 9842 sequences executed, statement coverage 88.5% (search)
16:42:15 gentest: k8s.io/client-go/applyconfigurations/policy/v1beta1: minimized 75 candidates in 0.1s
16:42:17 gentest: k8s.io/client-go/applyconfigurations/policy/v1beta1: cut by the deadline (1s after the search): judge: the cases whose runs under mutants did not happen keep every assertion
16:42:17 gentest: k8s.io/client-go/applyconfigurations/policy/v1beta1: findings: the contracts were not checked: the stage's deadline had passed
16:42:17 gentest: k8s.io/client-go/applyconfigurations/policy/v1beta1: cut by the deadline (1s after the search): findings: failures not judged or findings not minimized by then, contracts unchecked (the debug log names them)
16:42:17 gentest: k8s.io/client-go/applyconfigurations/policy/v1beta1: verify: 9842 sequences executed, statement coverage 88.5% (search)
16:43:01 gentest: k8s.io/client-go/applyconfigurations/policy/v1beta1: phases: prepare 41.5s, search 2.6s, minimize 0.1s, judge 2.0s, findings 0.0s, verify 44.2s (findings' tests 0.0s), report 0.0s; cut by the deadline: [judge findings]
16:43:01 gentest: k8s.io/client-go/applyconfigurations/policy/v1beta1: wrote OUT/mod/applyconfigurations/policy/v1beta1/v1beta1_gentest_test.go: 58 tests with 74 cases, statement coverage 87.0% (0 cases dropped by verification)
16:43:02 gentest: k8s.io/client-go/applyconfigurations/scheduling/v1beta1: model
16:43:09 gentest: k8s.io/client-go/applyconfigurations/scheduling/v1beta1: build
16:43:35 gentest: k8s.io/client-go/applyconfigurations/scheduling/v1beta1: executor ready (47 operations, 46 blocks, 7 conditions, 116 mutants; cached=false) after 33.5s
16:43:37 gentest: k8s.io/client-go/applyconfigurations/scheduling/v1beta1: search
16:43:40 gentest: k8s.io/client-go/applyconfigurations/scheduling/v1beta1: search: 12928 sequences executed in 2.0s (12718 normal, 210 illegal, 0 crashed); 41/46 blocks, 12 branch sides; 31 candidates
16:43:40 gentest: k8s.io/client-go/applyconfigurations/scheduling/v1beta1: minimize: 12928 sequences executed, statement coverage 88.1% (search)
16:43:40 gentest: k8s.io/client-go/applyconfigurations/scheduling/v1beta1: minimized 31 candidates in 0.0s
16:43:40 gentest: k8s.io/client-go/applyconfigurations/scheduling/v1beta1: cut by the deadline (1s after the search): judge: the cases whose runs under mutants did not happen keep every assertion
16:43:40 gentest: k8s.io/client-go/applyconfigurations/scheduling/v1beta1: verify: 12928 sequences executed, statement coverage 88.1% (search)
16:44:17 gentest: k8s.io/client-go/applyconfigurations/scheduling/v1beta1: phases: prepare 35.4s, search 2.0s, minimize 0.0s, judge 1.1s, findings 0.0s, verify 36.4s (findings' tests 0.0s), report 0.0s; cut by the deadline: [judge]
16:44:17 gentest: k8s.io/client-go/applyconfigurations/scheduling/v1beta1: wrote OUT/mod/applyconfigurations/scheduling/v1beta1/v1beta1_gentest_test.go: 25 tests with 30 cases, statement coverage 86.9% (0 cases dropped by verification)
16:44:19 gentest: k8s.io/client-go/dynamic: model
16:44:25 gentest: k8s.io/client-go/dynamic: build
16:44:52 gentest: k8s.io/client-go/dynamic: executor ready (5 operations, 131 blocks, 52 conditions, 270 mutants; cached=false) after 33.5s
16:44:53 gentest: k8s.io/client-go/dynamic: own tests
16:45:35 gentest: k8s.io/client-go/dynamic: complement: own tests cover 79.5% and kill 0 of 270 mutants (0.0%; 270 not run in the budget) in 42.8s
16:45:35 gentest: k8s.io/client-go/dynamic: search
16:45:37 gentest: k8s.io/client-go/dynamic: search: 511 sequences executed in 1.9s (511 normal, 0 illegal, 0 crashed); 4/131 blocks, 2 branch sides; 3 candidates
16:45:37 gentest: k8s.io/client-go/dynamic: minimize: 511 sequences executed, statement coverage 2.3% (search)
16:45:37 gentest: k8s.io/client-go/dynamic: minimized 3 candidates in 0.0s
16:45:38 gentest: k8s.io/client-go/dynamic: cut by the deadline (1s after the search): judge: the cases whose runs under mutants did not happen keep every assertion
16:45:38 gentest: k8s.io/client-go/dynamic: verify: 511 sequences executed, statement coverage 2.3% (search)
16:45:38 gentest: k8s.io/client-go/dynamic: complement: 3 tests add coverage or kill a mutant the own tests leave
16:47:38 gentest: k8s.io/client-go/dynamic: phases: prepare 76.4s, search 1.9s, minimize 0.0s, judge 1.2s, findings 0.0s, verify 109.9s (findings' tests 0.0s), report 9.8s; cut by the deadline: [judge]
16:47:38 gentest: k8s.io/client-go/dynamic: wrote OUT/mod/dynamic/dynamic_gentest_test.go: 2 tests with 3 cases, statement coverage 3.4% (0 cases dropped by verification)
16:47:39 gentest: k8s.io/client-go/informers/apiserverinternal/v1alpha1: model
16:47:41 gentest: k8s.io/client-go/informers/apiserverinternal/v1alpha1: build
16:49:59 package                                                    coverage before → after  mutants killed before → after  tests  findings  seconds  skipped
16:49:59 k8s.io/client-go                                           -                        -                              -      -         -        has no exported functions or methods to test
16:49:59 k8s.io/client-go/applyconfigurations/autoscaling/v2        0.0% → 90.1%             -                              117    0         690.6    
16:49:59 k8s.io/client-go/applyconfigurations/coordination/v1beta1  0.0% → 87.2%             -                              59     0         110.7    
16:49:59 k8s.io/client-go/applyconfigurations/flowcontrol/v1beta3   0.0% → 89.4%             -                              88     0         94.5     
16:49:59 k8s.io/client-go/applyconfigurations/policy/v1beta1        0.0% → 87.0%             -                              58     0         90.3     
16:49:59 k8s.io/client-go/applyconfigurations/scheduling/v1beta1    0.0% → 86.9%             -                              25     0         74.9     
16:49:59 k8s.io/client-go/dynamic                                   79.5% → 81.8%            0.0% → ?                       2      0         199.2    
16:49:59 k8s.io/client-go/examples/workqueue                        -                        -                              -      -         -        is a main package; gentest generates tests for library packages
16:49:59 total: 6 generated, 2 skipped                                                                                      349    0         1260.2   
16:49:59 gentest: interrupted; nothing written for the package in progress
