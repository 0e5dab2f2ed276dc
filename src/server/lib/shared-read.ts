/**
 * A read that callers share without one ever getting an answer older than its call: a caller
 * joins the read queued behind the one under way (not yet sent, so sent after it asked), and that
 * read goes once the one under way is answered. However many ask at once, at most two reads are out
 * and a caller waits at most two round trips. For the data version a 304 needs on PostgreSQL:
 * under load a crowd of them costs a query or two, not one each.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let sent: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const send = (): Promise<T> => {
    const query = read();
    sent = query;
    const answered = () => {
      if (sent === query) sent = null;
    };
    query.then(answered, answered);
    return query;
  };
  return () => {
    if (!sent) return send();
    queued ??= sent.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      queued = null;
      return send();
    });
    return queued;
  };
}
