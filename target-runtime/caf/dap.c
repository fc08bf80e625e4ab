/* placeholder: filled in by the distributed-array work (issue 21). */
