import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { ReactNode } from "react";

const styles = {
  body: { backgroundColor: "#f4f4f5", fontFamily: "system-ui, -apple-system, sans-serif" },
  container: {
    backgroundColor: "#ffffff",
    margin: "24px auto",
    padding: "24px",
    maxWidth: "560px",
  },
  brand: { fontSize: "18px", fontWeight: 700, color: "#6d28d9", margin: "0 0 16px" },
  text: { fontSize: "15px", lineHeight: "1.5", color: "#111111" },
  button: {
    backgroundColor: "#6d28d9",
    color: "#ffffff",
    borderRadius: "6px",
    padding: "10px 16px",
    textDecoration: "none",
  },
  footer: { fontSize: "12px", lineHeight: "1.5", color: "#555555" },
} as const;

/** The frame of every PackVault mail: brand, content, an optional button, a footer. */
export function MailLayout({
  preview,
  children,
  action,
  footer,
}: {
  preview: string;
  children: ReactNode;
  action?: { label: string; url: string };
  footer: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>PackVault</Text>
          {children}
          {action ? (
            <Section style={{ margin: "16px 0" }}>
              <Button href={action.url} style={styles.button}>
                {action.label}
              </Button>
            </Section>
          ) : null}
          <Hr />
          <Section>{footer}</Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of mail text. */
export function P({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

/** A line of the footer. */
export function Small({ children }: { children: ReactNode }) {
  return <Text style={styles.footer}>{children}</Text>;
}

export { Link };
