/**
 * Resolves once `condition` holds, checking every few milliseconds; throws after `timeoutMs` with
 * the description. For things that happen "soon" in another process or on another socket.
 */
export async function waitFor(condition: () => boolean | Promise<boolean>, description: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for: ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
