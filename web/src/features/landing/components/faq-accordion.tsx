import { Accordion } from 'radix-ui';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { FAQ_ITEMS } from './landing-content';
import { faqClasses } from './faq-classes';

/** The FAQ as a Radix Accordion: type single and collapsible (one item open at a time, can be closed). */
export default function FaqAccordion({ value, onValueChange }: { value: string; onValueChange: (v: string) => void }) {
  return (
    <Accordion.Root
      type="single"
      collapsible
      value={value}
      onValueChange={onValueChange}
      className={faqClasses.root}
      data-testid="faq-accordion"
    >
      {FAQ_ITEMS.map((item) => (
        <Accordion.Item key={item.id} value={item.id} id={`faq-${item.id}`} className={faqClasses.item}>
          <Accordion.Header className={faqClasses.header}>
            <Accordion.Trigger className={faqClasses.trigger}>
              {item.question}
              <ChevronDown className={faqClasses.chevron} aria-hidden="true" />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className={faqClasses.content}>{item.answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
