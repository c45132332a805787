/**
 * Downloads of the page's texts (domain, problem, level, the plan as terms,
 * LURD or PDDL, the trace JSON): a Blob behind a temporary <a download>.
 */

/** Offers `text` as a file named `name` (`type`: its MIME type, text/plain unless said). */
export function downloadText(name: string, text: string, type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // the browser has taken the file once the click's task is over
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A plan as terms, one step per line (what `planlog solve -o FILE` writes). */
export const planText = (plan: readonly string[]): string => plan.map((s) => `${s}\n`).join('');
