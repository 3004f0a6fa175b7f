/** What the shell shows of the signed-in user (the auth feature's User fits it). */
export type ShellUser = {
  fullName: string;
  email: string;
  role: 'user' | 'superuser' | 'admin';
};
