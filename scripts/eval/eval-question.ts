/**
 * One question of the support assistant's evaluation (decision 015) and the facts its answer must
 * contain (case- and space-insensitive; 'a|b' accepts either). `forbidden` facts must not appear.
 * `{reference}` and `{email}` are replaced by the evaluation's own booking. `before` are the
 * visitor's earlier messages of a follow-up, asked first with the assistant's real answers kept
 * in the conversation. `kind` counts the English questions and the refusals.
 */
export type EvalKind = 'english' | 'refusal';

export interface EvalQuestion {
  question: string;
  facts: string[];
  forbidden?: string[];
  before?: string[];
  kind?: EvalKind;
}
