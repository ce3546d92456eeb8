/** Why a form was not sent (its check or the server's answer), read out as soon as it appears. */
export function FormProblem({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-semibold text-danger">
      {message}
    </p>
  );
}
