/**
 * A PostgreSQL tsquery, as its text form prints it (`'catastroph' & 'model' & !'wind'`,
 * `'defens' <-> 'space'`, `'emb':*`), read into a tree the in-memory index evaluates: PostgreSQL
 * still parses and stems what the person typed (the `zorro` configuration), so the index matches
 * exactly the words the full-text index would.
 */
export type QueryNode =
  | { kind: 'word'; lexeme: string; prefix: boolean }
  | { kind: 'not'; child: QueryNode }
  | { kind: 'and' | 'or'; children: QueryNode[] }
  /** Words in a given order (`<->`, `<N>`): answered by the full-text index, as its text. */
  | { kind: 'phrase'; text: string };

type Token = { t: 'word'; lexeme: string; prefix: boolean; text: string } | { t: 'op'; op: string };

const TOKEN = /\s*(?:'((?:[^']|'')*)'(?::(\*)?[A-D]*)?|(<\d+>|<->|[&|!()]))/y;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) {
      if (!text.slice(at).trim()) break;
      throw new Error(`Unreadable tsquery at ${at}: ${text}`);
    }
    if (m[1] !== undefined)
      tokens.push({ t: 'word', lexeme: m[1].replaceAll("''", "'"), prefix: m[2] === '*', text: m[0].trim() });
    else tokens.push({ t: 'op', op: m[3]! });
  }
  return tokens;
}

/** Reads a tsquery's text form; null for the empty query (nothing searchable). */
export function parseTsquery(text: string): QueryNode | null {
  const tokens = tokenize(text);
  if (!tokens.length) return null;
  let i = 0;
  const peek = () => tokens[i];
  const isOp = (op: string | RegExp) => {
    const tok = peek();
    return tok?.t === 'op' && (typeof op === 'string' ? tok.op === op : op.test(tok.op));
  };
  // Precedence as PostgreSQL's: ! binds tightest, then <->, then &, then |.
  const orExpr = (): QueryNode => {
    const children = [andExpr()];
    while (isOp('|')) {
      i++;
      children.push(andExpr());
    }
    return children.length === 1 ? children[0]! : { kind: 'or', children };
  };
  const andExpr = (): QueryNode => {
    const children = [phraseExpr()];
    while (isOp('&')) {
      i++;
      children.push(phraseExpr());
    }
    return children.length === 1 ? children[0]! : { kind: 'and', children };
  };
  const phraseExpr = (): QueryNode => {
    const start = i;
    const first = unary();
    if (!isOp(/^<(\d+|-)>$/)) return first;
    while (isOp(/^<(\d+|-)>$/)) {
      i++;
      unary();
    }
    return { kind: 'phrase', text: textOf(start, i) };
  };
  const unary = (): QueryNode => {
    const tok = peek();
    if (!tok) throw new Error(`Unexpected end of tsquery: ${text}`);
    if (tok.t === 'word') {
      i++;
      return { kind: 'word', lexeme: tok.lexeme, prefix: tok.prefix };
    }
    if (tok.op === '!') {
      i++;
      return { kind: 'not', child: unary() };
    }
    if (tok.op === '(') {
      i++;
      const inner = orExpr();
      if (!isOp(')')) throw new Error(`Unbalanced tsquery: ${text}`);
      i++;
      return inner;
    }
    throw new Error(`Unexpected ${tok.op} in tsquery: ${text}`);
  };
  const textOf = (from: number, to: number) =>
    tokens
      .slice(from, to)
      .map((tok) => (tok.t === 'word' ? tok.text : tok.op))
      .join(' ');
  const tree = orExpr();
  if (i !== tokens.length) throw new Error(`Trailing tokens in tsquery: ${text}`);
  return tree;
}

/** The words a query ranks by: every word not under a NOT (a phrase's words included), in order. */
export function positiveWords(node: QueryNode | null): { lexeme: string; prefix: boolean }[] {
  if (!node) return [];
  switch (node.kind) {
    case 'word':
      return [{ lexeme: node.lexeme, prefix: node.prefix }];
    case 'not':
      return [];
    case 'phrase':
      return [...tokenize(node.text)].flatMap((t) => (t.t === 'word' ? [{ lexeme: t.lexeme, prefix: t.prefix }] : []));
    default:
      return node.children.flatMap(positiveWords);
  }
}

/** The phrases of a query (each answered by the full-text index as one leaf). */
export function phrasesOf(node: QueryNode | null): string[] {
  if (!node) return [];
  if (node.kind === 'phrase') return [node.text];
  if (node.kind === 'not') return phrasesOf(node.child);
  if (node.kind === 'word') return [];
  return node.children.flatMap(phrasesOf);
}
