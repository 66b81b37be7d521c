// The one Catch2 main of the suite (kept apart so it compiles once).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
