/* Interest accrual over many accounts for many days, in IEEE decimal floating point (_Decimal64). */
#include <stdio.h>
#include <stdlib.h>
#ifdef FIX
typedef double money;
#else
typedef _Decimal64 money;
#endif
int main(int argc, char **argv)
{
  int accounts = argc > 1 ? atoi(argv[1]) : 20000, days = argc > 2 ? atoi(argv[2]) : 100;
  money *bal = malloc(sizeof(money) * accounts);
  for (int i = 0; i < accounts; i++) bal[i] = (money)(1000 + i % 500);
  money rate = (money)0.0001, fee = (money)0.01, total = 0;
  for (int d = 0; d < days; d++)
    for (int i = 0; i < accounts; i++)
      bal[i] = bal[i] + bal[i] * rate - fee;
  for (int i = 0; i < accounts; i++) total += bal[i];
  printf("accounts %d days %d total %.2f\n", accounts, days, (double)total);
  return 0;
}
