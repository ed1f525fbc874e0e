// The provably-fair outcome functions of DESIGN.md §6 arrive with the lottery issue; this package is
// the single place they will live, shared by the server and the browser verifier.
export {};
