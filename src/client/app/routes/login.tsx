import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { screens } from '#contract/routes.ts';
import { LoginForm } from '#client/features/auth/components/login-form.tsx';
import { AuthPageShell } from '#client/features/auth/components/auth-page-shell.tsx';

export function LoginPage() {
  return (
    <AuthPageShell>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle as="h1">Login</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <LoginForm />
          <Link
            href={screens.forgotPassword}
            className="justify-self-center rounded-sm text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            Forgot password?
          </Link>
        </CardContent>
      </Card>
    </AuthPageShell>
  );
}
