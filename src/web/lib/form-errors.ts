/** The API's field messages ("must be …", "quantity: You can not …"): which field, and the words to show. */
export function fieldOfApiMessage<F extends string>(
  message: string,
  fields: readonly F[],
): { field: F; message: string } | null {
  const match = /^(\w+): (.+)$/s.exec(message);
  const field = fields.find((f) => f === match?.[1]);
  return field && match ? { field, message: sentence(match[2]!) } : null;
}

/** The shared schemas' messages are written for the API ("must be …"): start them with a capital here. */
export const sentence = (message: string) => message && message[0]!.toUpperCase() + message.slice(1);
