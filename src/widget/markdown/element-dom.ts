import { isValidElement, type ComponentChildren, type VNode } from "preact";

/** One child as it becomes a node: text, or an element of an HTML tag with its attributes and children. */
type Item = string | VNode<Record<string, unknown> & { children?: ComponentChildren }>;

/**
 * The items of rendered children, in order: strings (a number as its text) and elements of HTML tags.
 * Anything else (a component, a function, an empty value) is left out, so no markup or handler can enter.
 */
function itemsOf(children: ComponentChildren, items: Item[] = []): Item[] {
  if (typeof children === "string" || typeof children === "number") items.push(String(children));
  else if (Array.isArray(children)) for (const child of children) itemsOf(child, items);
  else if (isValidElement(children) && typeof children.type === "string") items.push(children as Item);
  return items;
}

/**
 * What an element shows of prop `name` with `value`: its text, or null for none (its children, an empty
 * value, and any event handler, even one written as text).
 */
function attributeValue(name: string, value: unknown): string | null {
  const shown = value !== null && value !== undefined && value !== false && typeof value !== "function";
  return shown && name !== "children" && !/^on/i.test(name) ? String(value) : null;
}

function buildNode(item: Item, document: Document): Node {
  if (typeof item === "string") return document.createTextNode(item);
  const element = document.createElement(item.type as string);
  for (const name in item.props) {
    const value = attributeValue(name, item.props[name]);
    if (value !== null) element.setAttribute(name, value);
  }
  // One at a time: a paragraph may hold more nodes than a call can take arguments.
  for (const child of itemsOf(item.props.children)) element.appendChild(buildNode(child, document));
  return element;
}

/**
 * Builds the DOM nodes of rendered Markdown children (see `renderBlocks`) in `document`, as Preact would
 * mount them: text only ever in text nodes, one per string, and each other prop an attribute of its
 * element. The Markdown renderers make only such children, with attributes already made safe (see
 * `safeUrl`).
 */
export function buildNodes(children: ComponentChildren, document: Document): Node[] {
  return itemsOf(children).map((item) => buildNode(item, document));
}

/**
 * Makes `nodes`, the nodes of `parent` that `buildNodes` or this function made for `previous`, show
 * `children` instead, as `buildNodes` would have built them. Only what differs from `previous` is touched:
 * text changes its data, an element of the same tag its attributes and children in the same way, any other
 * node is replaced; missing nodes are inserted before `before`, and extra ones removed. Returns the nodes
 * now shown.
 */
export function patchNodes(
  parent: Node,
  nodes: readonly Node[],
  previous: ComponentChildren,
  children: ComponentChildren,
  before: Node | null,
): Node[] {
  const shown: Node[] = [];
  patchItems(
    parent,
    itemsOf(previous),
    itemsOf(children),
    (index) => nodes[index]!,
    before,
    (node) => shown.push(node),
  );
  return shown;
}

/**
 * Patches the nodes of `parent` that show `previous` items (node `index` read by `nodeAt`, and only when
 * something there changes) to show `next`, calling `shown` with each node in order.
 */
function patchItems(
  parent: Node,
  previous: readonly Item[],
  next: readonly Item[],
  nodeAt: (index: number) => Node,
  before: Node | null,
  shown?: (node: Node) => void,
): void {
  const document = parent.ownerDocument!;
  const extra: Node[] = [];
  for (let index = previous.length - 1; index >= next.length; index--) extra.push(nodeAt(index));
  next.forEach((item, index) => {
    const old = previous[index];
    let node: Node;
    if (old === undefined) {
      node = parent.insertBefore(buildNode(item, document), before);
    } else if (old === item) {
      if (!shown) return;
      node = nodeAt(index);
    } else if (typeof old === "string" && typeof item === "string") {
      node = nodeAt(index);
      (node as Text).data = item;
    } else if (typeof old !== "string" && typeof item !== "string" && old.type === item.type) {
      node = nodeAt(index);
      patchElement(node as Element, old, item);
    } else {
      const replaced = nodeAt(index);
      node = buildNode(item, document);
      parent.replaceChild(node, replaced);
    }
    shown?.(node);
  });
  for (const node of extra) parent.removeChild(node);
}

function patchElement(element: Element, previous: Exclude<Item, string>, next: Exclude<Item, string>): void {
  for (const name in next.props) {
    const value = attributeValue(name, next.props[name]);
    if (value !== attributeValue(name, previous.props[name])) {
      if (value === null) element.removeAttribute(name);
      else element.setAttribute(name, value);
    }
  }
  for (const name in previous.props) {
    if (!(name in next.props) && attributeValue(name, previous.props[name]) !== null) element.removeAttribute(name);
  }
  const childNodes = element.childNodes;
  patchItems(element, itemsOf(previous.props.children), itemsOf(next.props.children), (index) => childNodes[index]!, null);
}
