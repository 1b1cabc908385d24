# Sourced: the public subjects (bench/subjects.txt, in order) as
# "NN-name PKGDIR" pairs, NN-name being gentest-bench's scratch name and
# PKGDIR the package directory inside the copy.
SUBJECTS="01-container_list:container/list
02-container_ring:container/ring
03-text_tabwriter:text/tabwriter
04-encoding_csv:encoding/csv
05-github.com_google_uuid:.
06-github.com_Masterminds_semver_v3:.
07-github.com_dustin_go-humanize:.
08-github.com_shopspring_decimal:.
09-github.com_gobwas_glob:.
10-github.com_hashicorp_golang-lru_v2_simplelru:simplelru
11-github.com_emirpasic_gods_lists_arraylist:lists/arraylist
12-github.com_emirpasic_gods_trees_redblacktree:trees/redblacktree
13-github.com_emirpasic_gods_stacks_arraystack:stacks/arraystack"
