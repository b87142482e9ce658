// Elements of a JSON array as they arrive: fed the text of `{"items": [ {…}, {…} ...` chunk by
// chunk, it returns each element of the first array inside the root object as soon as that
// element's closing brace has arrived. It only finds element boundaries (strings and escapes
// are tracked so braces inside them do not count); parsing and validating stay with the caller.

export class ArrayElementScanner {
  private text = "";
  private pos = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private arrayDepth: number | null = null;
  private elementStart = -1;
  private finished = false;

  /** Adds a chunk; returns the complete element texts it finished, in order. */
  push(chunk: string): string[] {
    this.text += chunk;
    const done: string[] = [];
    for (; this.pos < this.text.length && !this.finished; this.pos++) {
      const c = this.text[this.pos];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === "\\") this.escaped = true;
        else if (c === '"') this.inString = false;
        continue;
      }
      if (c === '"') {
        this.inString = true;
        continue;
      }
      if (c === "{" || c === "[") {
        if (this.arrayDepth !== null && this.depth === this.arrayDepth && this.elementStart < 0) this.elementStart = this.pos;
        this.depth++;
        if (c === "[" && this.arrayDepth === null && this.depth === 2) this.arrayDepth = 2;
      } else if (c === "}" || c === "]") {
        this.depth--;
        if (this.arrayDepth !== null && this.depth === this.arrayDepth && this.elementStart >= 0) {
          done.push(this.text.slice(this.elementStart, this.pos + 1));
          this.elementStart = -1;
        }
        // The array itself closed: later arrays of the root object are not its elements.
        if (this.arrayDepth !== null && this.depth < this.arrayDepth) this.finished = true;
      }
    }
    return done;
  }

  /** Everything received so far. */
  get received(): string {
    return this.text;
  }
}
