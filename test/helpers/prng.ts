// The property tests' seeded generator: the same mulberry32 the benchmark uses for its operands.
export { rng as prng } from '../../src/bench/gemm-data.js';
