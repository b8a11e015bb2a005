import { isValidElement, type ComponentChildren } from "preact";

/**
 * Builds the DOM nodes of rendered Markdown children (strings, arrays, and elements of HTML tags) in
 * `document`, as Preact would mount them: text only ever in text nodes, each other prop an attribute of
 * its element. The Markdown renderers make only such children, with attributes already made safe (see
 * `safeUrl`); anything else (a component, a function) is left out, so no markup or handler can enter.
 */
export function buildNodes(children: ComponentChildren, document: Document): Node[] {
  const nodes: Node[] = [];
  const add = (child: ComponentChildren): void => {
    if (typeof child === "string" || typeof child === "number") {
      nodes.push(document.createTextNode(String(child)));
    } else if (Array.isArray(child)) {
      child.forEach(add);
    } else if (isValidElement(child) && typeof child.type === "string") {
      const { children: inner, ...attributes } = child.props as Record<string, unknown> & { children?: ComponentChildren };
      const element = document.createElement(child.type);
      for (const [name, value] of Object.entries(attributes)) {
        if (value !== null && value !== undefined && value !== false && typeof value !== "function")
          element.setAttribute(name, String(value));
      }
      element.append(...buildNodes(inner, document));
      nodes.push(element);
    }
  };
  add(children);
  return nodes;
}
