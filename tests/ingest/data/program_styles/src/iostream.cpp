// C++ iostream with fixed/scientific output and thousands-separated counts
#include <iostream>
#include <iomanip>
#include <chrono>
#include <vector>
#include <locale>
#include <cmath>
struct grp : std::numpunct<char>{ char do_thousands_sep() const override {return ',';} std::string do_grouping() const override {return "\3";}};
int main(){
  using clk=std::chrono::steady_clock;
  long n=3000000; std::vector<double> v(n);
  auto t0=clk::now(); for(long i=0;i<n;i++) v[i]=std::sqrt((double)i); auto t1=clk::now();
  double el=std::chrono::duration<double>(t1-t0).count();
  std::cout<<"Simulation finished.\n";
  std::cout.imbue(std::locale(std::cout.getloc(), new grp));
  std::cout<<"Processed "<<n<<" elements in "<<std::fixed<<std::setprecision(3)<<el<<" s\n";
  std::cout<<"Throughput: "<<std::scientific<<std::setprecision(2)<<n/el<<" elements/s\n";
  std::cout<<"Sum of roots = "<<std::scientific<<v[n-1]<<"\n";
  std::cout<<"Peak memory: "<<std::fixed<<std::setprecision(1)<<n*8/1048576.0<<" MiB\n";
  return 0;}
