16:24:17 gentest: loaded 1 package to test in 42.8s; analyzed 1 package with its dependencies in 45.0s (164 packages from the fact cache)
16:24:25 gentest: k8s.io/client-go/pkg/apis/clientauthentication: model
16:24:26 gentest: k8s.io/client-go/pkg/apis/clientauthentication: build
16:25:44 gentest: k8s.io/client-go/pkg/apis/clientauthentication: executor ready (29 operations, 32 blocks, 10 conditions, 49 mutants; cached=false) after 78.6s
16:25:44 gentest: k8s.io/client-go/pkg/apis/clientauthentication: search
16:25:46 gentest: k8s.io/client-go/pkg/apis/clientauthentication: search: 9472 sequences executed in 2.0s (9388 normal, 84 illegal, 0 crashed); 25/32 blocks, 14 branch sides; 15 candidates
16:25:46 gentest: k8s.io/client-go/pkg/apis/clientauthentication: minimize: 9472 sequences executed, statement coverage 81.5% (search)
16:25:47 gentest: k8s.io/client-go/pkg/apis/clientauthentication: minimized 15 candidates in 0.1s
16:25:47 gentest: k8s.io/client-go/pkg/apis/clientauthentication: verify: 9472 sequences executed, statement coverage 81.5% (search)
16:26:49 gentest: k8s.io/client-go/pkg/apis/clientauthentication: phases: prepare 78.9s, search 2.1s, minimize 0.1s, judge 0.4s, findings 0.0s, verify 61.2s (findings' tests 0.0s), report 0.0s; cut by the deadline: []
16:26:49 gentest: k8s.io/client-go/pkg/apis/clientauthentication: wrote PROBE/mod/pkg/apis/clientauthentication/clientauthentication_gentest_test.go: 9 tests with 10 cases, statement coverage 81.5% (0 cases dropped by verification)
16:26:49 package                                         coverage before → after  mutants killed before → after  tests  findings  seconds  skipped
16:26:49 k8s.io/client-go/pkg/apis/clientauthentication  0.0% → 81.5%             -                              9      0         142.7    
16:26:49 total: 1 generated, 0 skipped                                                                           9      0         142.7    
