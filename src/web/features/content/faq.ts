export interface FaqItem {
  /** Stable, URL-safe id; used to build the ids of the accordion's buttons and panels. */
  id: string;
  question: string;
  /** The answer, one string per paragraph. */
  answer: string[];
  /** An optional short code example shown after the paragraphs. */
  code?: string;
}

export const faq: FaqItem[] = [
  {
    id: 'react-performance',
    question: 'How to improve the performance of a React application?',
    answer: [
      'Measure before you optimise. The React DevTools Profiler shows which components render, how often and how long each render takes, and the browser’s Performance panel and Lighthouse show what the user actually waits for. Most slow pages are slow because of too much JavaScript, large images or waterfalls of requests, not because of React itself.',
      'Ship less code up front: split routes and heavy widgets with lazy loading so each page downloads only what it needs, keep dependencies small and serve images in modern formats at the size they are displayed. Fetch data in parallel and cache it (a library such as TanStack Query does this for you) instead of requesting the same thing on every render.',
      'Then avoid unnecessary work while rendering. Keep state as close as possible to the components that use it so that a change re-renders a small subtree, give list items stable keys, and render long lists with virtualisation. Where profiling shows an expensive component re-rendering with the same props, wrap it in React.memo and keep its props stable with useMemo and useCallback, or let the React Compiler do this automatically.',
    ],
    code: `import { lazy, Suspense } from 'react';

// Downloaded only when the chart is first shown.
const SalesChart = lazy(() => import('./sales-chart'));

export function Dashboard() {
  return (
    <Suspense fallback={<p>Loading chart…</p>}>
      <SalesChart />
    </Suspense>
  );
}`,
  },
  {
    id: 'react-state',
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'Local state lives in a single component with useState, or with useReducer when the updates follow rules that are easier to express as actions. When two siblings need the same value, lift the state up to their closest common parent and pass it down as props.',
      'Shared client state that many components read, such as the signed-in user, the theme or the cart, can be provided with the Context API. For larger apps a dedicated store such as Redux Toolkit, Zustand or Jotai offers selectors, devtools and fewer unnecessary re-renders.',
      'Server state is data that really belongs to the backend: product lists, orders, blog posts. It is best handled by a data-fetching library such as TanStack Query, SWR or RTK Query, which caches responses, deduplicates requests and refetches stale data. Finally, do not forget the URL (route parameters and the query string for filters and pagination) and form libraries such as React Hook Form: both are state too, and putting it in the right place keeps components simple.',
    ],
    code: `const [quantity, setQuantity] = useState(1);          // local state
const user = use(UserContext);                          // shared via context
const { data: products } = useQuery({                   // server state
  queryKey: ['products'],
  queryFn: fetchProducts,
});`,
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work?',
    answer: [
      'In JavaScript every object has a hidden link, [[Prototype]], to another object or to null. When you read a property that the object does not have itself, the engine follows that link and looks on the prototype, then on the prototype’s prototype, and so on until it finds the property or reaches null. This chain of objects is the prototype chain.',
      'Objects therefore inherit directly from other objects rather than from classes. You can set the link explicitly with Object.create(proto), and functions called with new link the new object to the function’s prototype property. Methods placed on the prototype are shared by every instance instead of being copied into each one.',
      'The class syntax introduced in ES2015 is a more readable way to build exactly the same prototype chains: class Dog extends Animal makes Dog.prototype inherit from Animal.prototype. Writing a property always creates or changes it on the object itself, which shadows any property of the same name further up the chain.',
    ],
    code: `const tool = {
  describe() {
    return \`\${this.name} (\${this.power} W)\`;
  },
};

const drill = Object.create(tool); // drill → tool → Object.prototype → null
drill.name = 'Hammer drill';
drill.power = 800;

drill.describe();                           // "Hammer drill (800 W)"
Object.getPrototypeOf(drill) === tool;      // true`,
  },
  {
    id: 'react-set-state',
    question: 'Why should you not set the state directly in React?',
    answer: [
      'React only re-renders when you tell it that state has changed by calling the setter returned from useState (or dispatch from useReducer). Assigning a new value to the variable, as in products = [...], only changes a local variable of the current render: the next render reads the value React has stored and your change is lost, and nothing appears on screen.',
      'Mutating the existing object or array, for example products.push(item) followed by setProducts(products), is just as problematic. React compares the old and new state with Object.is, sees the same reference and may skip the update. Mutation also breaks React.memo, useMemo and effect dependencies, which rely on new references to detect changes, and it corrupts earlier renders that still hold the old value.',
      'Instead treat state as immutable: create a new array or object with the spread syntax, map, filter or structuredClone and pass it to the setter. When the new value depends on the previous one, use the updater function form so that several quick updates are applied in order.',
    ],
    code: `// ✗ Wrong: React never learns about these changes
products = [...products, newProduct];
products.push(newProduct);

// ✓ Right: a new array, given to the setter
setProducts((prev) => [...prev, newProduct]);
setProducts((prev) => prev.filter((p) => p.id !== id));`,
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test? Why should we write unit tests?',
    answer: [
      'A unit test is a small, automated test that checks one unit of code, such as a function, a hook or a component, in isolation from the rest of the system. It arranges some input, acts by calling the code and asserts that the output or the behaviour is what we expect. Because it has no real network or database, a unit test runs in milliseconds, so hundreds of them can run on every save and in continuous integration.',
      'Unit tests catch bugs early, when they are cheapest to fix, and they protect against regressions: if a later change breaks existing behaviour, a test fails before the code reaches customers. That safety net is what makes it possible to refactor with confidence.',
      'Tests also document how the code is meant to be used, and code that is easy to test tends to be better designed, with small parts and clear inputs and outputs. In a React project, Vitest or Jest together with Testing Library let you test components the way a user sees them: by their text, roles and labels.',
    ],
    code: `import { expect, test } from 'vitest';
import { formatPrice } from './format';

test('formats a price in US dollars', () => {
  expect(formatPrice(1299.5)).toBe('$1,299.50');
});`,
  },
];
