/** The assistant's reply as the widget reads the event stream: content pieces joined. */
export function replyOf(body: string): string {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map(
      (line) =>
        (JSON.parse(line.slice(6)) as { choices: [{ delta: { content: string } }] }).choices[0]
          .delta.content,
    )
    .join('');
}
