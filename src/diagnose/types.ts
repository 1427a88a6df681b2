// A rule: the one producer of its Finding code. It reads facts (a Snapshot, whether a probe or a paste filled it)
// and error events (lines of pasted text that matched a known message), never where they came from.
import type { Finding, FindingCode } from '../findings.js';
import type { Cue } from '../parse/cues.js';
import type { ErrorEvent, PartialSnapshot } from '../parse/types.js';
import type { Snapshot } from '../snapshot/types.js';

/** What every rule reads. */
export interface RuleInput {
  snapshot: Snapshot;
  /** Lines of text that matched an error signature; empty when only a machine was read. */
  events: readonly ErrorEvent[];
  /** What a text states beyond the Snapshot's fields (toolkits named by path, missing libraries …); null without text. */
  text: PartialSnapshot | null;
  /** Words of a text that point at an area of trouble when no known message does (parse/cues.ts). */
  cues: readonly Cue[];
  /** The text says something goes wrong (a trace or a listing alone is not a failure). */
  trouble: boolean;
  /** machine: probed (doctor); paste: text alone; paste+machine: text laid over this machine (`explain --here`). */
  origin: 'machine' | 'paste' | 'paste+machine';
  /**
   * Only for a rule of last resort (`Rule.last`): what the other rules found in this input, so it speaks only when
   * none of them names the cause (a failed deep check no rule explains; a paste with an error nothing recognised).
   */
  found?: readonly RuleFinding[];
}

/**
 * How a finding ranks among the causes of one text (explain); a live diagnosis ignores it. The score is computed in
 * diagnose/rank.ts from these parts, so every rule is ranked by the same arithmetic.
 */
export interface Rank {
  /** The error events this finding explains: its score starts from their signatures' weight for this code. */
  events: readonly ErrorEvent[];
  /** How well the facts fit the cause: 1 as the message says, above 1 when facts confirm it, below when they doubt it. */
  fit: number;
  /** Without events: the prior of a cause the facts establish alone (0.4), or a rule's severity prior when unset. */
  prior?: number;
  /** How many more checks of the facts confirmed it (each adds 0.15). */
  confirmations?: number;
  /** A score set outright: a cause ranked relative to another finding (NCCL failing on a Kepler GPU ranks above it). */
  fixed?: number;
  /** A guess from the words of the text alone: shown only when no other finding is. */
  guess?: boolean;
  /** Tie order: 0 named by a message, 1 facts alone, 2 facts with a known gap, 3 a check of the Snapshot; then `index`. */
  phase: 0 | 1 | 2 | 3;
  index: number;
}

export interface RuleFinding extends Finding {
  rank?: Rank;
}

/**
 * node: the machine's own state (driver, GPUs, hardware counters, kernel log): what `gpuenv health` checks and a
 * scheduler may drain a node for. environment: toolkits, libraries and Python environments, a job's business.
 */
export type RuleScope = 'node' | 'environment';

export interface Rule {
  code: FindingCode;
  scope: RuleScope;
  /** Runs after every other rule and reads their findings in `input.found`. */
  last?: true;
  check(input: RuleInput): RuleFinding[];
}
