/** A refusal of the built-in processor, with the code and status a real processor would give. */
export class SandboxError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}
