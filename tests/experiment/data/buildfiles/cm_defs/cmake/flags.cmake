# debugging settings
set(CMAKE_CXX_FLAGS "${CMAKE_CXX_FLAGS} -O0")
